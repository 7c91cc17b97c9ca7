"""WhiteNoise's compressed static files, with Brotli only for the files it is quick for.

`collectstatic` (run by every `make run`) compresses every static file again. Brotli at its
highest quality, WhiteNoise's setting, took 23.7 s of CPU on Pyodide's 8.6 MB WebAssembly file
alone (gzip: 0.9 s, 2.8 MB against Brotli's 2.1 MB); a device fetches that file once and its
service worker keeps it. So files above BROTLI_LIMIT get gzip only; every other file keeps both.
"""
from __future__ import annotations

import os

from whitenoise.compress import Compressor
from whitenoise.storage import CompressedStaticFilesStorage

BROTLI_LIMIT = 512 * 1024  # bytes


class _LargeFilesGzipOnly(Compressor):
    def compress(self, path):
        size = os.path.getsize(path)
        if size <= BROTLI_LIMIT or not self.use_brotli:
            return super().compress(path)
        if not self.use_gzip:
            return []
        with open(path, "rb") as f:
            stat_result = os.fstat(f.fileno())
            data = f.read()
        compressed = self.compress_gzip(data)
        if not self.is_compressed_effectively("Gzip", path, size, compressed):
            return []
        return [self.write_data(path, compressed, ".gz", stat_result)]


class StaticFilesStorage(CompressedStaticFilesStorage):
    def create_compressor(self, **kwargs):
        return _LargeFilesGzipOnly(**kwargs)
