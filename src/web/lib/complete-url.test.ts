import { describe, expect, it } from 'vitest';
import { completeUrl, wantsFullAddress } from './complete-url';

describe('completeUrl', () => {
  it.each([
    ['acme.com', 'https://acme.com'],
    [' www.acme.co.uk ', 'https://www.acme.co.uk'],
    ['acme.com/about?x=1#team', 'https://acme.com/about?x=1#team'],
    ['shop.acme.io:8080', 'https://shop.acme.io:8080'],
    ['café.de', 'https://café.de'],
  ])('adds https:// to the bare domain %s', (text, completed) => {
    expect(completeUrl(text)).toBe(completed);
  });

  it.each([
    'https://acme.com',
    'http://acme.com',
    'ftp://files.acme.com',
    'ceo@acme.com',
    'acme',
    'acme dot com',
    '',
    '1.5',
    'acme.c0m',
  ])('leaves %j alone', (text) => {
    expect(completeUrl(text)).toBeNull();
  });
});

describe('wantsFullAddress', () => {
  it('is true for uri, url and iri formats only', () => {
    expect(wantsFullAddress({ type: 'string', format: 'uri' })).toBe(true);
    expect(wantsFullAddress({ type: 'string', format: 'url' })).toBe(true);
    expect(wantsFullAddress({ type: 'string', format: 'uri-reference' })).toBe(false);
    expect(wantsFullAddress({ type: 'string', format: 'email' })).toBe(false);
    expect(wantsFullAddress({ type: 'string' })).toBe(false);
  });
});
