import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const api = 'http://localhost:3000';

export default defineConfig({
  // Brotli and gzip copies of every built text asset, served as they are by the server (no work per request).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 })],
  server: {
    port: 5173,
    proxy: { '/api': api, '/trpc': api, '/files': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Vendors a first visit may not need get chunks of their own (the waveform library is only the editors').
        codeSplitting: {
          groups: [
            { name: 'wavesurfer', test: /node_modules[\\/]wavesurfer\.js/ },
            // zod-config.ts (jitless, issue 38) rides in Zod's chunk so it runs before any other chunk parses with Zod.
            { name: 'zod', test: /node_modules[\\/]zod|src[\\/]app[\\/]zod-config\.ts/ },
            { name: 'tus', test: /node_modules[\\/](tus-js-client|js-base64|url-parse|querystringify|requires-port)[\\/]/ },
          ],
        },
      },
    },
  },
});
