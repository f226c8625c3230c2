import { activityLink, readRequestIntroPrefill, readVouchForParam, requestIntroPath, vouchAskStateText, vouchForPath } from '../src';

describe('the links that open another remote\'s dialog prefilled', () => {
  it('vouchFor: an ask\'s link opens Create Vouch for the asker', () => {
    expect(vouchForPath(12)).toBe('/my-vouches?vouchFor=12');
    expect(readVouchForParam('?vouchFor=12')).toBe(12);
    expect(readVouchForParam('tab=sent&vouchFor=0')).toBeNull();
    expect(readVouchForParam('vouchFor=12abc')).toBeNull();
    expect(readVouchForParam('')).toBeNull();
  });

  it('an ask in the bell opens Create Vouch for the asker; other activities about a member open their profile', () => {
    expect(activityLink({ type: 'vouch_asked', aboutMemberId: 5 })).toBe('/my-vouches?vouchFor=5');
    expect(activityLink({ type: 'vouch_accepted', aboutMemberId: 5 })).toBe('/members/5');
  });

  it('Request an introduction: addressed to a member by id, through the first hop of the path shown', () => {
    const path = requestIntroPath({ to: 42, through: 7 });
    expect(path).toBe('/introduction-requests?introTo=42&introThrough=7');
    expect(readRequestIntroPrefill(path.split('?')[1]!)).toEqual({ to: 42, through: 7 });
    expect(readRequestIntroPrefill('introTo=A&introThrough=7')).toBeNull();
    expect(readRequestIntroPrefill('introTo=42')).toBeNull();
    expect(readRequestIntroPrefill('introTo=0&introThrough=7')).toBeNull();
  });

  it('says where an ask stands to the asker', () => {
    expect(vouchAskStateText('open', 'Bob Asked')).toBe('You asked Bob Asked for a Vouch. Waiting for their answer.');
    expect(vouchAskStateText('declined', 'Bob Asked')).toBe('Bob Asked declined your ask for a Vouch.');
    expect(vouchAskStateText('fulfilled', 'Bob Asked')).toBe('Bob Asked vouched for you after your ask.');
  });
});
