import { canGoBack, currentCentre, initialMapState, mapReducer, type MapState } from '../src/features/network-map/lib/map-state';

const me = { id: 'person:1', name: 'You' };
const ada = { id: 'person:2', name: 'Ada' };
const bob = { id: 'person:3', name: 'Bob' };

describe('map navigation', () => {
  it('recentring pushes onto the trail and Back pops it, never past me', () => {
    let state: MapState = initialMapState(me);
    expect(canGoBack(state)).toBe(false);
    state = mapReducer(state, { type: 'recentre', step: ada });
    state = mapReducer(state, { type: 'recentre', step: bob });
    expect(state.trail.map((s) => s.name)).toEqual(['You', 'Ada', 'Bob']);
    expect(currentCentre(state)).toBe(bob);
    state = mapReducer(state, { type: 'back' });
    expect(currentCentre(state)).toBe(ada);
    state = mapReducer(mapReducer(state, { type: 'back' }), { type: 'back' });
    expect(state.trail).toEqual([me]);
  });

  it('recentring on the centre changes nothing; on an earlier step goes back to it', () => {
    const state = mapReducer(mapReducer(initialMapState(me), { type: 'recentre', step: ada }), { type: 'recentre', step: bob });
    expect(mapReducer(state, { type: 'recentre', step: bob })).toBe(state);
    expect(mapReducer(state, { type: 'recentre', step: me }).trail).toEqual([me]);
    expect(mapReducer(state, { type: 'jump', index: 1 }).trail).toEqual([me, ada]);
    expect(mapReducer(state, { type: 'jump', index: 2 })).toBe(state);
  });

  it('keeps the trail when the degree changes, and reset starts again from me', () => {
    const state = mapReducer(initialMapState(me), { type: 'recentre', step: ada });
    const at2 = mapReducer(state, { type: 'degree', degree: 2 });
    expect(at2).toMatchObject({ degree: 2, trail: [me, ada] });
    expect(mapReducer(at2, { type: 'reset', root: me })).toEqual({ degree: 2, trail: [me] });
  });
});
