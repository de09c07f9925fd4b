// Browser builds: the staff app (index.html) and the customer portal (portal.html, served at
// /portal/), two entries of one build into dist/. In development the API, the authorization
// server and file downloads are proxied to the app server on port 3000, and /portal/ serves
// portal.html as the app server does.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = 'http://127.0.0.1:3000';
const proxied = { target: API_TARGET, xfwd: true };

/** /portal and /portal/… (not the portal's endpoint) are the portal's page in development. */
const portalPage: Plugin = {
  name: 'portal-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const [pathname, query] = (request.url ?? '').split('?');
      if (/^\/portal(\/(?!graphql(\/|$))[^.]*)?$/.test(pathname))
        request.url = `/portal.html${query ? `?${query}` : ''}`;
      next();
    });
  },
};

export default defineConfig({
  root: '.',
  plugins: [react(), portalPage],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { input: { index: 'index.html', portal: 'portal.html' } },
  },
  server: {
    proxy: {
      // whole path segments only (/api, /api/…; not /apps)
      '^/graphql(/|$|\\?)': proxied,
      '^/portal/graphql(/|$|\\?)': proxied,
      // the services' endpoints (spec 7; src/shared/services.ts)
      '^/ecommerce/graphql(/|$|\\?)': proxied,
      '^/pointofsale/graphql(/|$|\\?)': proxied,
      '^/oidc(/|$|\\?)': proxied,
      '^/api(/|$|\\?)': proxied,
      '^/files(/|$|\\?)': proxied,
    },
  },
});
