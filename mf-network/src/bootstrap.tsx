/**
 * The standalone page (/mf/network/): mounts this remote through its own single-spa parcel,
 * exactly as a non-React host would. single-spa's start() is not needed for parcels.
 */
import { mountRootParcel } from 'single-spa';
import * as parcel from './parcel';

const domElement = document.getElementById('root');
if (!domElement) throw new Error('index.html has no #root element');
void mountRootParcel(parcel, { domElement });
