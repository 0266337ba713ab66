import { describe, expect, it } from 'vitest';
import { InvalidChoice, modeAfterDrawing, parseDrawTool, parseMapType } from './interaction.ts';

describe('SPEC §5 choices', () => {
  it('takes map types case-insensitively and refuses others', () => {
    expect(parseMapType('Satellite')).toBe('satellite');
    expect(() => parseMapType('moon')).toThrow(InvalidChoice);
  });

  it('takes the drawing tools and none, and refuses others', () => {
    expect(parseDrawTool('polyline')).toBe('polyline');
    expect(parseDrawTool('none')).toBeNull();
    expect(parseDrawTool(null)).toBeNull();
    expect(() => parseDrawTool('circle')).toThrow(InvalidChoice);
  });

  it('follows a drawing with the matching edit mode (SPEC §4)', () => {
    expect(modeAfterDrawing('polyline')).toBe('editLine');
    expect(modeAfterDrawing('polygon')).toBe('editZone');
    expect(modeAfterDrawing('marker')).toBe('editMarker');
    expect(modeAfterDrawing('rectangle')).toBeNull();
  });
});
