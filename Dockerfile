# Build with the official Swift image, run on a slim Ubuntu as a non-root user.
FROM swift:6.2-noble AS build
WORKDIR /build
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libpoppler-glib-dev libzip-dev zlib1g-dev libqrencode-dev \
 && rm -rf /var/lib/apt/lists/*
# Resolve first so the dependency layer is cached across source changes.
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
COPY Fuzz ./Fuzz
RUN swift build -c release --static-swift-stdlib --product staffbook \
 && swift build -c release --static-swift-stdlib --product staffbook-pdf-attachments \
 && mkdir /staging \
 && cp "$(swift build -c release --show-bin-path)/staffbook" "$(swift build -c release --show-bin-path)/staffbook-pdf-attachments" /staging/ \
 && find -L "$(swift build -c release --show-bin-path)" -maxdepth 1 -name '*.resources' -exec cp -R {} /staging/ \;

FROM ubuntu:noble
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates tzdata curl libpoppler-glib8t64 libzip4t64 libqrencode4 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin staffbook
WORKDIR /app
COPY --from=build /staging/ /app/
COPY schema /app/schema
COPY seeds /app/seeds
USER staffbook
ENV HTTP_HOST=0.0.0.0 \
    HTTP_PORT=8080 \
    SCHEMA_DIRECTORY=/app/schema \
    SEEDS_DIRECTORY=/app/seeds
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=3s --retries=10 CMD curl -fsS http://127.0.0.1:8080/health/ready || exit 1
ENTRYPOINT ["/app/staffbook"]
CMD ["serve"]
