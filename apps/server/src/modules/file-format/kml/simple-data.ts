/** SimpleData typed by its SimpleField, as LIBKML types the field; text stays text. */
export function typed(value: string, type: string | undefined): unknown {
  switch (type) {
    case 'int':
    case 'uint':
    case 'short':
    case 'ushort': {
      if (value === '') return null;
      const n = Number(value);
      return Number.isSafeInteger(n) ? n : value;
    }
    case 'float':
    case 'double': {
      if (value === '') return null;
      const n = Number(value);
      return Number.isFinite(n) ? n : value;
    }
    case 'bool':
      if (value === '1' || value.toLowerCase() === 'true') return true;
      if (value === '0' || value.toLowerCase() === 'false') return false;
      return value === '' ? null : value;
    default:
      return value;
  }
}
