import { createWebpackConfig } from '@vouch/mf-config';

// Exposes are the contract with the shell (docs/architecture.md "Remotes and what they expose").
export default createWebpackConfig({
  name: 'mf_subscription',
  dir: __dirname,
  title: 'Vouch · Subscription',
  devPort: 3015,
  exposes: {
    "./routes": "./src/routes.tsx",
    "./parcel": "./src/parcel.tsx"
  },
});
