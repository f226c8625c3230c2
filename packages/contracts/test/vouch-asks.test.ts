import { activityLink, readRequestIntroPrefill, readVouchForParam, requestIntroContext, requestIntroPath, vouchAskStateText, vouchForPath } from '../src';

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

  it('Request Intro: to a member, through the first hop, at the path\'s degree', () => {
    const path = requestIntroPath({ to: 'Tia Target', through: 'Hal Hop', degree: 2 });
    expect(path).toBe('/introduction-requests?introTo=Tia+Target&introThrough=Hal+Hop&introDegree=2');
    const prefill = readRequestIntroPrefill(path.split('?')[1]!);
    expect(prefill).toEqual({ to: 'Tia Target', through: 'Hal Hop', degree: 2 });
    expect(requestIntroContext(prefill!)).toBe('I would like an introduction to Tia Target, through Hal Hop.');
    expect(readRequestIntroPrefill('introTo=A&introThrough=B&introDegree=1')).toBeNull();
    expect(readRequestIntroPrefill('introTo=A&introDegree=2')).toBeNull();
  });

  it('says where an ask stands to the asker', () => {
    expect(vouchAskStateText('open', 'Bob Asked')).toBe('You asked Bob Asked for a Vouch. Waiting for their answer.');
    expect(vouchAskStateText('declined', 'Bob Asked')).toBe('Bob Asked declined your ask for a Vouch.');
    expect(vouchAskStateText('fulfilled', 'Bob Asked')).toBe('Bob Asked vouched for you after your ask.');
  });
});
