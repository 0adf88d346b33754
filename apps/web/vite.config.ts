import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/trpc': api, '/files': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
