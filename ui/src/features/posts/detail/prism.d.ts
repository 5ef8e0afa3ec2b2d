// Prism's language files add their grammar to Prism and export nothing.
declare module "prismjs/components/*";
