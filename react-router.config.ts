import type { Config } from "@react-router/dev/config";
import { notFoundPath } from "./common/paths";

// Every page is prerendered to static HTML at build time; there is no server-side rendering at
// request time. The splat route is prerendered once as the missing page (notFoundPath, /404),
// which our server sends with status 404 for any unknown path (see server/static/site-files.ts).
// A page whose module throws while it is prerendered (say, a shared route module that finds no
// content for its path) fails the build: React Router stops at any answer other than 200.
export default {
  ssr: false,
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), notFoundPath];
  },
} satisfies Config;
