/** The bundled widget script, as text for an inline <script> (scripts/inline-widgets-plugin.ts). */
declare module "virtual:widgets-script" {
  const script: string;
  export default script;
}
