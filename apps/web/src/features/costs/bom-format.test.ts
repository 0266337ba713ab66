import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { resources } from '../../i18n/i18n.ts';
import { bomFormat, moneyFormat } from './bom-format.ts';

function translator(lng: 'en' | 'fr') {
  const instance = i18n.createInstance();
  void instance.init({ resources, lng, interpolation: { escapeValue: false } });
  return instance.t;
}
/** Intl's French spaces (narrow, no-break) as plain ones, to compare. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('bill formatting', () => {
  it('shows money in the book currency, in the user language', () => {
    expect(plain(moneyFormat('en', 'KES')(478200))).toBe('KES 478,200.00');
    expect(plain(moneyFormat('fr', 'EUR')(1234.5))).toBe('1 234,50 €');
  });

  it('translates items, pole kinds and placements, and gives quantities their unit', () => {
    const en = bomFormat(translator('en'), 'en', 'KES');
    const fr = bomFormat(translator('fr'), 'fr', 'KES');
    expect(en.item('labourHang')).toBe('Labour: cable hung');
    expect(fr.item('splice')).toBe('Épissure');
    expect(fr.spec({ item: 'pole', spec: 'existing' })).toBe('Existant');
    expect(en.spec({ item: 'cable', spec: '' })).toBe('—');
    expect(en.placement({ placement: 'underground' })).toBe('Underground');
    expect(en.quantity({ quantity: 5431.74, unit: 'm' })).toBe('5,431.7 m');
    expect(plain(fr.quantity({ quantity: 1594, unit: 'each' }))).toBe('1 594 u');
    expect(plain(en.unitPrice(300, 'each'))).toBe('KES 300.00 each');
    expect(plain(fr.unitPrice(12.5, 'm'))).toBe('12,50 KES / m');
  });
});
