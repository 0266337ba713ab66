/**
 * A PBO-FAT's users as its splices say (issue 26): the outputs of its splitters joined onward
 * (to a drop); NULL where it holds no splitter, and then its 'FAT Existing Users ID' list counts
 * as before. `e` is the element row. One text for the element JSON, exports and reports.
 */
export const PBO_USERS_FROM_SPLICES = `(SELECT CASE WHEN count(t.id) > 0 THEN count(l.from_terminal) END
    FROM fibre_splitters s
    JOIN fibre_terminals t ON t.splitter_id = s.id AND t.kind = 'splitter-out'
    LEFT JOIN fibre_links l ON l.from_terminal = t.id AND l.joint_id IS NOT NULL
    WHERE s.element_id = e.id)`;
