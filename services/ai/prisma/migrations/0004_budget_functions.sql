-- A hero's admission (rate and budgets) and a call's reservation, each one round trip to the database.
-- They are functions because the per-hero lock must be taken before the budget is read: in READ
-- COMMITTED every statement of a volatile function reads what had committed when that statement began,
-- so the reads after the lock see every reservation made by the calls it waited for. One plain statement
-- cannot: its snapshot is taken before it waits for the lock. The thresholds and the clock come from the
-- caller (Meter), which also turns a refusal into its error.

-- Tokens a hero has used since p_day_start plus those held by their calls in flight, read in one
-- statement, so a settlement (usage written, reservation dropped, in one transaction) counts exactly once.
create function "ai"."hero_tokens_committed"(p_user uuid, p_day_start timestamptz, p_now timestamptz)
returns bigint language sql stable as $$
  select coalesce((select sum("total_tokens") from "ai"."token_usage"
                    where "user_id" = p_user and "created_at" >= p_day_start), 0)
       + coalesce((select sum("tokens") from "ai"."token_reservations"
                    where "user_id" = p_user and "expires_at" > p_now), 0)
$$;

-- The same for every hero together: the installation's daily cap.
create function "ai"."installation_tokens_committed"(p_day_start timestamptz, p_now timestamptz)
returns bigint language sql stable as $$
  select coalesce((select sum("total_tokens") from "ai"."token_usage" where "created_at" >= p_day_start), 0)
       + coalesce((select sum("tokens") from "ai"."token_reservations" where "expires_at" > p_now), 0)
$$;

-- Records the start of a hero's AI call, or says why not: 'RATE_LIMITED' (with the oldest start in the
-- window), 'HERO_BUDGET' or 'INSTALLATION_BUDGET'. A null p_rate or p_installation_budget is no limit.
create function "ai"."admit_call"(
  p_user uuid,
  p_now timestamptz,
  p_window_start timestamptz,
  p_rate bigint,
  p_day_start timestamptz,
  p_budget bigint,
  p_installation_budget bigint
) returns table (refused text, oldest_start timestamptz)
language plpgsql volatile as $$
declare
  v_recent bigint;
  v_oldest timestamptz;
begin
  perform pg_advisory_xact_lock(hashtext('lifequest.ai.budget.' || p_user::text));
  delete from "ai"."call_starts" where "user_id" = p_user and "started_at" <= p_window_start;
  if p_rate is not null then
    select count(*), min("started_at") into v_recent, v_oldest from "ai"."call_starts" where "user_id" = p_user;
    if v_recent >= p_rate then
      return query select 'RATE_LIMITED'::text, v_oldest;
      return;
    end if;
  end if;
  if "ai"."hero_tokens_committed"(p_user, p_day_start, p_now) >= p_budget then
    return query select 'HERO_BUDGET'::text, null::timestamptz;
    return;
  end if;
  if p_installation_budget is not null
     and "ai"."installation_tokens_committed"(p_day_start, p_now) >= p_installation_budget then
    return query select 'INSTALLATION_BUDGET'::text, null::timestamptz;
    return;
  end if;
  insert into "ai"."call_starts" ("user_id", "started_at") values (p_user, p_now);
  return query select null::text, null::timestamptz;
end
$$;

-- Holds p_tokens for a hero's call until p_expires_at, or says which budget is spent ('HERO_BUDGET',
-- 'INSTALLATION_BUDGET'). Drops the hero's expired reservations first.
create function "ai"."reserve_tokens"(
  p_user uuid,
  p_endpoint text,
  p_tokens integer,
  p_now timestamptz,
  p_expires_at timestamptz,
  p_day_start timestamptz,
  p_budget bigint,
  p_installation_budget bigint
) returns table (refused text, reservation_id uuid)
language plpgsql volatile as $$
declare
  v_id uuid;
begin
  perform pg_advisory_xact_lock(hashtext('lifequest.ai.budget.' || p_user::text));
  delete from "ai"."token_reservations" where "user_id" = p_user and "expires_at" <= p_now;
  if "ai"."hero_tokens_committed"(p_user, p_day_start, p_now) >= p_budget then
    return query select 'HERO_BUDGET'::text, null::uuid;
    return;
  end if;
  if p_installation_budget is not null
     and "ai"."installation_tokens_committed"(p_day_start, p_now) >= p_installation_budget then
    return query select 'INSTALLATION_BUDGET'::text, null::uuid;
    return;
  end if;
  insert into "ai"."token_reservations" ("user_id", "endpoint", "tokens", "expires_at")
  values (p_user, p_endpoint, p_tokens, p_expires_at)
  returning "id" into v_id;
  return query select null::text, v_id;
end
$$;
