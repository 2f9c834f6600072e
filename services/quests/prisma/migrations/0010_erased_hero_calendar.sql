-- A hero's calendar feed is made on their first ask (GET /api/calendar) and remade on rotation: an ask
-- in flight when the hero was deleted must not make one after the purge, a row naming a hero who is gone
-- behind an address that still opens. The same guard as quests and onboardings (0007).
create trigger "calendar_feeds_refuse_erased_hero" before insert on "quests"."calendar_feeds"
  for each row execute function "quests"."refuse_erased_hero"();
