/** The reputation feature's surface inside mf-vouches (the dashboard and Stats use it). */
export { ReputationPanel } from './components/reputation-panel';
export { ScoreBar } from './components/score-bar';
export { displayScore, LEVEL_PALETTES, networkSize, reputationView, type ReputationView, type ScoreRow } from './reputation';
