-- The shared control plane of a device farm (docs/farm.md): FlowRules and the global revision,
-- escalations, the farm's audit (one hash chain per daemon), the daemons/devices/sessions
-- registry and what each device showed (its provenance memory).

CREATE TABLE cp_state (
    id integer PRIMARY KEY CHECK (id = 1),
    revision bigint NOT NULL
);
INSERT INTO cp_state (id, revision) VALUES (1, 0);

CREATE TABLE cp_rules (
    id text PRIMARY KEY,
    body text NOT NULL,
    installed_at double precision NOT NULL,
    revision bigint NOT NULL,
    installed_by text NOT NULL DEFAULT ''
);

CREATE TABLE escalations (
    id text PRIMARY KEY,
    daemon text NOT NULL,
    session text NOT NULL,
    created double precision NOT NULL,
    deadline double precision NOT NULL,
    request text NOT NULL,
    status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'allow', 'deny', 'expired')),
    reason text NOT NULL DEFAULT '',
    decided_by text NOT NULL DEFAULT '',
    decided_at double precision
);
CREATE INDEX escalations_pending ON escalations (created) WHERE status = 'pending';

-- body is the exact text the chain hash covers (text, not jsonb: jsonb would reorder keys)
CREATE TABLE audit_rows (
    log_id text NOT NULL,
    seq bigint NOT NULL,
    ts double precision NOT NULL,
    kind text NOT NULL,
    session text NOT NULL,
    agent text NOT NULL,
    decision text,
    stage text,
    event_id text NOT NULL,
    body text NOT NULL,
    prev_hash text NOT NULL,
    hash text NOT NULL,
    mac text,
    PRIMARY KEY (log_id, seq)
);
CREATE INDEX audit_rows_session ON audit_rows (session, log_id, seq);
CREATE INDEX audit_rows_decision ON audit_rows (decision, log_id, seq);
CREATE INDEX audit_rows_agent ON audit_rows (agent, log_id, seq);
CREATE INDEX audit_rows_ts ON audit_rows (ts);

CREATE TABLE audit_meta (
    log_id text NOT NULL,
    key text NOT NULL,
    value text NOT NULL,
    PRIMARY KEY (log_id, key)
);

CREATE TABLE audit_checkpoints (
    log_id text NOT NULL,
    seq bigint NOT NULL,
    hash text NOT NULL,
    ts double precision NOT NULL,
    key_id text NOT NULL,
    signature text NOT NULL,
    PRIMARY KEY (log_id, seq)
);

CREATE TABLE farm_daemons (
    id text PRIMARY KEY,
    host text NOT NULL,
    url text NOT NULL DEFAULT '',
    pid integer,
    started double precision NOT NULL,
    seen double precision NOT NULL,
    stopped double precision
);

CREATE TABLE farm_devices (
    device text PRIMARY KEY,
    host text NOT NULL,
    serial text NOT NULL,
    daemon text NOT NULL,
    seen double precision NOT NULL
);

CREATE TABLE farm_sessions (
    session text PRIMARY KEY,
    daemon text NOT NULL,
    device text NOT NULL,
    created double precision NOT NULL,
    ended double precision
);

CREATE TABLE device_memory (
    id bigserial PRIMARY KEY,
    device text NOT NULL,
    ts double precision NOT NULL,
    body text NOT NULL
);
CREATE INDEX device_memory_device ON device_memory (device, id);
