# One image for every target; the command picks the target (ARCHITECTURE 1).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && node scripts/bootstrap.mjs build && npm prune --omit=dev || true

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0
COPY --from=build /app /app
USER node
EXPOSE 8080
ENTRYPOINT ["node", "app/src/main.ts"]
CMD ["--target", "all"]
