// Prints the theme's global stylesheet (../src/global-css.ts says why); run by the build's
// loader with `node --import tsx`.
import { globalCssText } from '../src/global-css-text';
import { vouchSystem } from '../src/system';

process.stdout.write(globalCssText(vouchSystem()));
