import { ATTACH_DISTANCE_M } from '@integration/contracts';

/** SQL texts of fibre figures other modules read per row (element JSON, exports, reports). */

/**
 * A PBO-FAT's users as its splices say (issue 26): the outputs of its splitters joined onward
 * (to a drop); NULL where it holds no splitter, and then its 'FAT Existing Users ID' list counts
 * as before. `e` is the element row. One text for the element JSON, exports and reports.
 */
export const PBO_USERS_FROM_SPLICES = `(SELECT CASE WHEN count(t.id) > 0 THEN count(l.from_terminal) END
    FROM fibre_splitters s
    -- Each splitter's legs by its index (OFFSET 0 keeps them apart): joined plainly, the embedded
    -- database, without statistics, scanned every terminal for every PBO-FAT.
    CROSS JOIN LATERAL (SELECT t.id FROM fibre_terminals t
                        WHERE t.splitter_id = s.id AND t.kind = 'splitter-out' OFFSET 0) t
    LEFT JOIN fibre_links l ON l.from_terminal = t.id AND l.joint_id IS NOT NULL
    WHERE s.element_id = e.id)`;

/**
 * A fibre's state as the cable panel shows it (issue 26): faulty first, then used when either
 * end is spliced or connected, else its stored status (free or reserved). `f` is the fibre row.
 */
export const FIBRE_STATE = `CASE WHEN f.status = 'faulty' THEN 'faulty'
    WHEN EXISTS (SELECT 1 FROM fibre_terminals ft
                 JOIN fibre_links fl ON fl.from_terminal = ft.id AND fl.joint_id IS NOT NULL
                 WHERE ft.fibre_id = f.id) THEN 'used'
    ELSE f.status END`;

/**
 * A home is connected when a drop ends on it (within a metre, as cables attach) and a fibre of
 * that drop is spliced or connected at its other end. Whether the light then reaches an OLT
 * port is the loss budget's question, a walk per home too costly for a report. `h` is the home.
 */
export const HOME_SPLICED_ON = `EXISTS (
    SELECT 1
    -- The cables near the home first, by the spatial index (OFFSET 0 keeps them apart: joined
    -- to the fibres first, every fibre was tested against every home, 15 s for the demo).
    -- The type is tested outside the fence: inside, the embedded database (no statistics) read
    -- every cable of the database through the (cluster, type) index for each home (8 s for a
    -- 2,045-home cluster's bill, issue 27's bench).
    FROM (SELECT d.id, d.type, d.geom FROM network_elements d
          WHERE d.deleted_at IS NULL
            AND d.geom && ST_Expand(h.geom, ${(ATTACH_DISTANCE_M / 111_000) * 2}) OFFSET 0) d
    JOIN fibres df ON df.cable_id = d.id AND d.type = 'Cable'
    JOIN fibre_terminals far ON far.fibre_id = df.id
    JOIN fibre_links fl ON fl.from_terminal = far.id AND fl.joint_id IS NOT NULL
    WHERE (far.fibre_end = 'a' AND ST_DWithin(ST_EndPoint(d.geom)::geography, h.geom::geography, ${ATTACH_DISTANCE_M}))
       OR (far.fibre_end = 'b' AND ST_DWithin(ST_StartPoint(d.geom)::geography, h.geom::geography, ${ATTACH_DISTANCE_M})))`;
