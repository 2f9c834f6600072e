-- A hero's totals kept beside the XP ledger: its sum (totalXP) and how many lines it has (the xpVersion
-- of user.xp_changed). The consumer adds to it in the statement that writes the lines, so the two never
-- disagree; /api/auth/me and the toggle's projection read it by primary key instead of summing the
-- ledger. It goes with the hero like the ledger.
create table "auth"."xp_totals" (
  "user_id" uuid primary key references "auth"."users" ("id") on delete cascade,
  "total" integer not null default 0,
  "lines" integer not null default 0
);
insert into "auth"."xp_totals" ("user_id", "total", "lines")
select "user_id", sum("amount"), count(*) from "auth"."xp_ledger" group by "user_id";
