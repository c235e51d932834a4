import { describe, expect, it } from 'vitest';
import { takeTrackingParams } from './tracking-params.ts';

describe('the tracking parameters in the address (platform §2)', () => {
  it('takes every sgm parameter, decoded, and keeps the other parameters as they were', () => {
    const search =
      '?redirect=%2Fclient%2Fc1&sgmButtonLabel=Open%20task&sgmModule=Email&sgmClientId=c1' +
      '&sgmClientName=Acme+Corp&sgmJiraTicket=ONB-12&sgmEBREmailAddress=a%40b.example&tab=2';
    expect(takeTrackingParams(search)).toEqual({
      properties: {
        sgmButtonLabel: 'Open task',
        sgmModule: 'Email',
        sgmClientId: 'c1',
        sgmClientName: 'Acme Corp',
        sgmJiraTicket: 'ONB-12',
        sgmEBREmailAddress: 'a@b.example',
      },
      search: '?redirect=%2Fclient%2Fc1&tab=2',
    });
  });

  it('leaves an address without them alone', () => {
    expect(takeTrackingParams('?a=1&b=two%20words')).toEqual({
      properties: null,
      search: '?a=1&b=two%20words',
    });
    expect(takeTrackingParams('')).toEqual({ properties: null, search: '' });
  });

  it('empties the query when only tracking parameters were there, with or without the ?', () => {
    expect(takeTrackingParams('?sgmModule=Hub')).toEqual({ properties: { sgmModule: 'Hub' }, search: '' });
    expect(takeTrackingParams('sgmModule=Hub&x')).toEqual({ properties: { sgmModule: 'Hub' }, search: '?x' });
  });

  it('keeps the first of a repeated parameter, and a bare one as empty', () => {
    expect(takeTrackingParams('?sgmModule=A&sgmModule=B&sgmJiraTicket').properties).toEqual({
      sgmModule: 'A',
      sgmJiraTicket: '',
    });
  });

  it('is exact about names: other cases and prefixes are not tracking parameters', () => {
    expect(takeTrackingParams('?sgmmodule=A&sgmModuleX=B')).toEqual({
      properties: null,
      search: '?sgmmodule=A&sgmModuleX=B',
    });
  });

  it('tolerates a malformed escape', () => {
    expect(takeTrackingParams('?sgmClientName=100%&q=%zz')).toEqual({
      properties: { sgmClientName: '100%' },
      search: '?q=%zz',
    });
  });
});
