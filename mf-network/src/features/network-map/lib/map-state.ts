/**
 * The map's navigation (SPEC "Network map": click to recentre, Back, a navigation trail) and
 * its 1°/2° toggle, as a reducer. The trail's first step is the member; its last is the centre.
 */
import type { Degree } from './map-view';

export interface TrailStep {
  id: string;
  /** The name shown in the trail (full, not truncated). */
  name: string;
}

export interface MapState {
  degree: Degree;
  trail: TrailStep[];
}

export type MapAction =
  | { type: 'recentre'; step: TrailStep }
  | { type: 'back' }
  | { type: 'jump'; index: number }
  | { type: 'degree'; degree: Degree }
  | { type: 'reset'; root: TrailStep };

export const initialMapState = (root: TrailStep, degree: Degree = 1): MapState => ({ degree, trail: [root] });

export const currentCentre = (state: MapState): TrailStep => state.trail[state.trail.length - 1]!;
export const canGoBack = (state: MapState): boolean => state.trail.length > 1;

export function mapReducer(state: MapState, action: MapAction): MapState {
  switch (action.type) {
    case 'recentre': {
      if (currentCentre(state).id === action.step.id) return state;
      // Recentring on a node already in the trail goes back to it instead of making a loop.
      const index = state.trail.findIndex((step) => step.id === action.step.id);
      return { ...state, trail: index >= 0 ? state.trail.slice(0, index + 1) : [...state.trail, action.step] };
    }
    case 'back':
      return canGoBack(state) ? { ...state, trail: state.trail.slice(0, -1) } : state;
    case 'jump':
      return action.index >= 0 && action.index < state.trail.length - 1 ? { ...state, trail: state.trail.slice(0, action.index + 1) } : state;
    case 'degree':
      return action.degree === state.degree ? state : { ...state, degree: action.degree };
    case 'reset':
      return { ...state, trail: [action.root] };
  }
}
