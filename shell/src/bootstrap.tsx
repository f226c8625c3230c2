import { createRoot } from 'react-dom/client';
import { startRemoteRegistry } from '@vouch/shell-sdk/base';
import { App } from './app/app';

// Not awaited: the landing page needs no remote, so it renders while the registry loads.
void startRemoteRegistry();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
