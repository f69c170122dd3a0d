-- Staff management lists the users whose role is ADMIN or SYSOP among what may be a million
-- clients: this small partial index holds only staff rows, so `where role in ('ADMIN','SYSOP')` reads
-- a handful of entries instead of scanning every user.
CREATE INDEX IF NOT EXISTS users_staff_idx ON users (role, id) WHERE role IN ('ADMIN', 'SYSOP');
