-- Mid-span access (issue 26): a cable passing through a closure uncut carries its fibres through,
-- unless one is spliced there. That fibre is then cut there: two terminals at the cut (fibre end
-- 'm'), one facing each end of the cable (`faces`), at `along` its line (0 at its start, 1 at its
-- end), and the fibre's link is split in two, each with its `share` of the cable's length.
ALTER TABLE fibre_terminals DROP CONSTRAINT fibre_terminals_fibre_end_check;
ALTER TABLE fibre_terminals ADD CONSTRAINT fibre_terminals_fibre_end_check
  CHECK (fibre_end IN ('a', 'b', 'm'));
ALTER TABLE fibre_terminals ADD COLUMN along double precision;
ALTER TABLE fibre_terminals ADD COLUMN faces char(1) CHECK (faces IN ('a', 'b'));
ALTER TABLE fibre_terminals ADD CONSTRAINT fibre_terminals_cut_check
  CHECK ((fibre_end = 'm') = (along IS NOT NULL AND faces IS NOT NULL AND along > 0 AND along < 1));
DROP INDEX fibre_terminals_fibre_idx;
CREATE UNIQUE INDEX fibre_terminals_fibre_idx
  ON fibre_terminals (fibre_id, fibre_end, faces, along) NULLS NOT DISTINCT
  WHERE fibre_id IS NOT NULL;

ALTER TABLE fibre_links ADD COLUMN share double precision NOT NULL DEFAULT 1
  CHECK (share > 0 AND share <= 1);
