import { createWebpackConfig } from '@vouch/mf-config';

// The host: no exposes and no remotes; remotes come from /mf-registry.json at run time.
export default createWebpackConfig({ name: 'shell', dir: __dirname, title: 'Vouch: the professional trust network', devPort: 3001 });
