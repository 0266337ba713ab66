/** Dates as SPEC §9 shows them: d/m/yyyy, with HH:MM when asked. */
export function formatDate(iso: string | null | undefined, withTime = true): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getDate()}/${d.getMonth() + 1}/${d.getFullYear()}`;
  if (!withTime) return date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
