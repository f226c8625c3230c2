import { createWebpackConfig } from '@vouch/mf-config';

// Exposes are the contract with the shell (docs/architecture.md "Remotes and what they expose").
export default createWebpackConfig({
  name: 'mf_introductions',
  dir: __dirname,
  title: 'Vouch · Introductions',
  devPort: 3014,
  exposes: {
    "./routes": "./src/routes.tsx",
    "./parcel": "./src/parcel.tsx",
    "./RequestIntroButton": "./src/slots/request-intro-button.tsx"
  },
});
