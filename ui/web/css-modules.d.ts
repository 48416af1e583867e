// esbuild bundles the stylesheets that ui/main.tsx imports for their side effect; TypeScript only needs to know the import is allowed.
declare module '*.css';
