-- The guard of 0007 on the rows a hero's own request makes that came with the daily loop and the Hall's
-- privacy: a vacation (PUT /api/streaks/vacation) and a block (POST /api/blocks, naming either hero).
-- In flight when the hero was deleted, neither may leave a row naming them after the purge.
create trigger "streak_vacations_refuse_erased_hero" before insert on "social"."streak_vacations"
  for each row execute function "social"."refuse_erased_hero"('user_id');
create trigger "blocks_refuse_erased_hero" before insert on "social"."blocks"
  for each row execute function "social"."refuse_erased_hero"('user_id', 'blocked_id');
