import { router } from './init.ts';
import { authRouter } from './routers/auth.router.ts';
import { usersRouter } from './routers/users.router.ts';
import { publicRouter } from './routers/public.router.ts';
import { adminRouter } from './routers/admin.router.ts';
import { landingRouter } from './routers/landing.router.ts';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  public: publicRouter,
  admin: adminRouter,
  landing: landingRouter,
});
export type AppRouter = typeof appRouter;
