// Browser app build (index.html -> dist/). In development the API, the authorization server
// and file downloads are proxied to the app server on port 3000.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://127.0.0.1:3000';
const proxied = { target: API_TARGET, xfwd: true };

export default defineConfig({
  root: '.',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      // whole path segments only (/api, /api/…; not /apps)
      '^/graphql(/|$|\\?)': proxied,
      '^/oidc(/|$|\\?)': proxied,
      '^/api(/|$|\\?)': proxied,
      '^/files(/|$|\\?)': proxied,
    },
  },
});
