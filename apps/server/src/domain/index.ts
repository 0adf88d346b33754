export { createServices, type Services, type SharedDeps } from './services.ts';
export { AppError } from './errors.ts';
export { ENTITIES } from './entities.ts';
export { outboxOnlyTransport, smtpTransport, type MailTransport } from './mail/mail-transport.ts';
export { toMe, isAdmin } from './users/users.service.ts';
export type { User } from './users/user.entity.ts';
