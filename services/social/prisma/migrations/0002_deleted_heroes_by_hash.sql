-- A deleted hero's tombstone keeps a SHA-256 of their id (erasedHeroHash), no longer the id itself, so
-- no row in the schema names a hero once they are deleted.
alter table "social"."deleted_heroes" add column "id_hash" text;
update "social"."deleted_heroes" set "id_hash" = encode(sha256(convert_to("user_id"::text, 'UTF8')), 'hex');
alter table "social"."deleted_heroes" drop constraint "deleted_heroes_pkey";
alter table "social"."deleted_heroes" drop column "user_id";
alter table "social"."deleted_heroes" alter column "id_hash" set not null;
alter table "social"."deleted_heroes" add primary key ("id_hash");
