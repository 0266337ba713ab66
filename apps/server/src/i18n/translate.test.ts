import { expect, it } from 'vitest';
import { MESSAGE_VAR_MAX, translate } from './translate.ts';

// A name read from an uploaded file once made a 199 MB error answer: every value a message
// names is cut in one place, whatever the route.
it('cuts every value a message names to a bounded length, marking the cut', () => {
  const huge = 'x'.repeat(5_000_000);
  const message = translate('en', 'centralOffices.nameTaken', { name: huge });
  expect(message.length).toBeLessThan(MESSAGE_VAR_MAX + 100);
  expect(message).toContain('x…');
  expect(translate('fr', 'centralOffices.created', { name: 'CO Nord' })).toContain('CO Nord');
});

it('leaves a placeholder whose value is missing, even one named like an object property', () => {
  expect(translate('en', 'centralOffices.created', {})).toContain('{name}');
  expect(translate('en', 'centralOffices.created', JSON.parse('{"__proto__": "x"}'))).toContain(
    '{name}',
  );
});

it("keeps a mail's link whole: a cut link opens nothing", () => {
  const link = `https://integration.example/auth/unlock?token=${'t'.repeat(400)}`;
  expect(translate('en', 'mail.unlock.body', { name: 'Ann', link }, { whole: true })).toContain(
    link,
  );
});
