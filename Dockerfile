# hopgraph in a container: the image runs `hopgraph serve` (JSON API + web graph explorer) for the store
# mounted at /store.
#
#   docker build -t hopgraph .
#   docker run --rm -v "$PWD/corpus:/corpus:ro" -v hopgraph-store:/store hopgraph index /corpus --store /store
#   docker run --rm -p 127.0.0.1:8000:8000 -v hopgraph-store:/store hopgraph      # http://127.0.0.1:8000/
#
# Inside the container serve must bind 0.0.0.0 to be reachable through the published port; that is said
# explicitly in CMD below, never through a changed default. The API has no authentication: publish the
# port on 127.0.0.1 (as above) unless a proxy in front of it authenticates.
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HF_HUB_OFFLINE=1 \
    HOPGRAPH_STORE=/store

WORKDIR /app

# The CPU wheel first, as `make install` does: left to the resolver, torch pulls a multi-GB CUDA build.
RUN pip install torch==2.13.0

COPY pyproject.toml README.md LICENSE ./
COPY hopgraph ./hopgraph
COPY indexing ./indexing
COPY graph ./graph
COPY router ./router
COPY hops ./hops
COPY eval ./eval
RUN pip install . && python -c "import hopgraph, hopgraph.server.app"

RUN useradd --create-home --uid 10001 hopgraph && mkdir /store && chown hopgraph /store
USER hopgraph
VOLUME /store
EXPOSE 8000

ENTRYPOINT ["hopgraph"]
CMD ["serve", "--store", "/store", "--host", "0.0.0.0", "--port", "8000"]
