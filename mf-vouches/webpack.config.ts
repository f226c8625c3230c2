import { createWebpackConfig } from '@vouch/mf-config';

// Exposes are the contract with the shell (docs/architecture.md "Remotes and what they expose").
export default createWebpackConfig({
  name: 'mf_vouches',
  dir: __dirname,
  title: 'Vouch · Vouches',
  devPort: 3012,
  exposes: {
    "./routes": "./src/routes.tsx",
    "./parcel": "./src/parcel.tsx",
    "./CreateVouchButton": "./src/slots/create-vouch-button.tsx"
  },
});
