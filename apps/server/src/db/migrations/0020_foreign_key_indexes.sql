-- Indexes under the foreign keys that deletions cascade or check through (issue 28): without
-- them, deleting a project's cables (its fibres' terminals, then their splices and links) read
-- every joint and link once per terminal: 10 s for the demo's largest project on the embedded
-- database, one statement holding everyone's answers back.
CREATE INDEX IF NOT EXISTS fibre_joints_terminal_a_idx ON fibre_joints (terminal_a);
CREATE INDEX IF NOT EXISTS fibre_joints_terminal_b_idx ON fibre_joints (terminal_b);
CREATE INDEX IF NOT EXISTS fibre_links_to_terminal_idx ON fibre_links (to_terminal);
CREATE INDEX IF NOT EXISTS network_elements_template_idx ON network_elements (template_id);
CREATE INDEX IF NOT EXISTS qr_templates_template_idx ON qr_templates (template_id);
CREATE INDEX IF NOT EXISTS fibre_cables_spec_idx ON fibre_cables (spec_id);
CREATE INDEX IF NOT EXISTS fibre_history_project_idx ON fibre_history (project_id);
CREATE INDEX IF NOT EXISTS fibre_history_office_idx ON fibre_history (central_office_id);
