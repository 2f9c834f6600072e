-- The installation's daily cap read from a counter instead of a sum over the day's usage rows: the sum
-- cost every admission, reservation and story request one row read per AI call made that day, so it
-- slowed as the day went on. Every usage row adds its tokens to its UTC day's counter in the same
-- transaction (a trigger, so every way a row is written counts), and a budget check reads the day's few
-- counter rows. A day has eight counters, one per slot of the hero's id, so heroes settling at the same
-- moment seldom wait on one row's lock; usage without a hero (an erased one's) counts in slot 0. Usage
-- rows are never deleted (an erased hero's lose only their id), so the counters never need to shrink.
create table "ai"."token_days" (
  "day" date not null,
  "slot" smallint not null,
  "tokens" bigint not null default 0,
  primary key ("day", "slot")
);

create function "ai"."count_token_day"() returns trigger language plpgsql as $$
begin
  insert into "ai"."token_days" as d ("day", "slot", "tokens")
  values ((new.created_at at time zone 'UTC')::date,
          coalesce(hashtext(new.user_id::text) & 7, 0),
          new.total_tokens)
  on conflict ("day", "slot") do update set "tokens" = d."tokens" + excluded."tokens";
  return null;
end
$$;

create trigger "token_usage_count_token_day" after insert on "ai"."token_usage"
  for each row execute function "ai"."count_token_day"();

insert into "ai"."token_days" ("day", "slot", "tokens")
select (created_at at time zone 'UTC')::date, coalesce(hashtext(user_id::text) & 7, 0), sum(total_tokens)
  from "ai"."token_usage"
 group by 1, 2;

-- p_day_start is midnight UTC (the Meter's startOfUtcDay), so the days from its date on hold exactly the
-- usage created at or after it.
create or replace function "ai"."installation_tokens_committed"(p_day_start timestamptz, p_now timestamptz)
returns bigint language sql stable as $$
  select coalesce((select sum("tokens") from "ai"."token_days"
                    where "day" >= (p_day_start at time zone 'UTC')::date), 0)
       + coalesce((select sum("tokens") from "ai"."token_reservations" where "expires_at" > p_now), 0)
$$;
