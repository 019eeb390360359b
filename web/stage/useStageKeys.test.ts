import { describe, it, expect } from 'vitest';
import { deviceKeyOf, keepsKeys, pressesElement, releasesKeys, shortcutOf } from './useStageKeys';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  shortcutOf({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('the stage keys', () => {
  it('maps each documented key to its action', () => {
    expect(key(' ')).toBe('togglePlay');
    expect(key('ArrowRight')).toBe('stepEvent');
    expect(key('ArrowRight', { shiftKey: true })).toBe('stepRequest');
    expect(key('[')).toBe('slower');
    expect(key(']')).toBe('faster');
    expect(key('r')).toBe('restart');
    expect(key('l')).toBe('copyLink');
    expect(key('p')).toBe('togglePresent');
    expect(key('m')).toBe('copyMoment');
    expect(key('ArrowLeft')).toBe('back');
    expect(key('x')).toBeNull();
    expect(key('r', { ctrlKey: true })).toBeNull();
    expect(key('l', { metaKey: true })).toBeNull();
  });

  it('leaves keys to text fields and selects, not to buttons, checkboxes or the page', () => {
    expect(keepsKeys({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(keepsKeys({ tagName: 'INPUT' })).toBe(true);
    expect(keepsKeys({ tagName: 'INPUT', type: 'number' })).toBe(true);
    expect(keepsKeys({ tagName: 'TEXTAREA' })).toBe(true);
    expect(keepsKeys({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(keepsKeys({ tagName: 'SELECT' })).toBe(true);
    expect(keepsKeys({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(keepsKeys({ tagName: 'BUTTON' })).toBe(false);
    expect(keepsKeys({ tagName: 'BODY' })).toBe(false);
    expect(keepsKeys(null)).toBe(false);
  });

  it('Space and Enter press a focused button, link or checkbox instead of playing', () => {
    expect(pressesElement({ key: ' ' }, { tagName: 'BUTTON' })).toBe(true);
    expect(pressesElement({ key: 'Enter' }, { tagName: 'A' })).toBe(true);
    expect(pressesElement({ key: ' ' }, { tagName: 'INPUT', type: 'checkbox' })).toBe(true);
    expect(pressesElement({ key: ' ' }, { tagName: 'DIV', getAttribute: (n) => (n === 'role' ? 'button' : null) })).toBe(true);
    expect(pressesElement({ key: ' ' }, { tagName: 'BODY', getAttribute: () => null })).toBe(false);
    expect(pressesElement({ key: 'ArrowRight' }, { tagName: 'BUTTON' })).toBe(false);
    expect(pressesElement({ key: ' ' }, null)).toBe(false);
  });

  it('Escape gives the keys back from a field or a select, Enter only from a select', () => {
    expect(releasesKeys({ key: 'Escape' }, { tagName: 'SELECT' })).toBe(true);
    expect(releasesKeys({ key: 'Escape' }, { tagName: 'INPUT' })).toBe(true);
    expect(releasesKeys({ key: 'Enter' }, { tagName: 'SELECT' })).toBe(true);
    expect(releasesKeys({ key: 'Enter' }, { tagName: 'INPUT' })).toBe(false);
    expect(releasesKeys({ key: 'ArrowDown' }, { tagName: 'SELECT' })).toBe(false);
  });

  it('keys 1–9 select devices 0–8; 0, other keys and modified digits select none', () => {
    const dev = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
      deviceKeyOf({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(dev('1')).toBe(0);
    expect(dev('4')).toBe(3);
    expect(dev('9')).toBe(8);
    expect(dev('0')).toBeNull();
    expect(dev('r')).toBeNull();
    expect(dev('12')).toBeNull();
    expect(dev('2', { ctrlKey: true })).toBeNull();
    expect(key('3')).toBeNull();
  });
});
