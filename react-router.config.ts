import type { Config } from "@react-router/dev/config";

// Every page is prerendered to static HTML at build time; there is no server-side rendering at
// request time. The splat route is prerendered once as /404 and served by our server with status
// 404 for any unknown path (see server/static/site-files.ts).
export default {
  ssr: false,
  async prerender({ getStaticPaths }) {
    return [...getStaticPaths(), "/404"];
  },
} satisfies Config;
