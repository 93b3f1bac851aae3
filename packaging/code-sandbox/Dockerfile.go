# The go code-task sandbox for machines that reach a container registry (build_offline.sh makes an
# equivalent image from Debian's package archive alone). python3 is there for the runner, our own code,
# mounted read-only at run time. /etc/prism-toolchain records the toolchain for every result.
FROM debian:bookworm-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 golang-1.19-go golang-go \
    && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* \
    && echo "go $(go env GOVERSION | sed s/^go//)" >/etc/prism-toolchain

ENV PYTHONDONTWRITEBYTECODE=1 \
    LANG=C.UTF-8
LABEL prism-desktop.sandbox-image="dockerfile" prism-desktop.language="go"
WORKDIR /tmp
CMD ["python3"]
