# The go code-task sandbox for machines that reach a container registry (build_offline.sh makes an
# equivalent image from Debian's package archive alone). python3 is there for the runner, our own code,
# mounted read-only at run time. /etc/prism-toolchain records the toolchain for every result.
FROM debian:trixie-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 golang-1.24-go golang-go \
    && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* \
    && echo "go $(go env GOVERSION | sed s/^go//)" >/etc/prism-toolchain

# vet facts and test dependencies of common standard packages, compiled once (see build_offline.sh)
COPY go-warmup /tmp/warmup
RUN cd /tmp/warmup \
    && HOME=/tmp GOCACHE=/opt/prism-gocache GOFLAGS=-mod=mod go vet . \
    && HOME=/tmp GOCACHE=/opt/prism-gocache GOFLAGS=-mod=mod go test -c -o /dev/null . \
    && rm -rf /tmp/warmup /tmp/go-build* && chmod -R a+rX /opt/prism-gocache

ENV PYTHONDONTWRITEBYTECODE=1 \
    LANG=C.UTF-8
LABEL prism-desktop.sandbox-image="dockerfile" prism-desktop.language="go"
WORKDIR /tmp
CMD ["python3"]
