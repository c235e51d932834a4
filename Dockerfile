# One image for every service of the distributed topology; SERVICES picks what a container runs.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
COPY events/package.json events/
COPY domain/package.json domain/
COPY command-api/package.json command-api/
COPY projections/package.json projections/
COPY query-api/package.json query-api/
COPY workers/package.json workers/
COPY platform/package.json platform/
COPY web/package.json web/
RUN npm ci --include=dev
COPY . .
RUN npm run build:web
USER node
EXPOSE 3000
CMD ["npx", "tsx", "platform/src/main.ts"]
