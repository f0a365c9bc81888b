package dev.gpudra.webhook.admission;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** A stream that fails with {@link OverLimit} once more than {@code limit} bytes were read. */
final class LimitedInput extends FilterInputStream {
  private final long limit;
  private long read;

  LimitedInput(InputStream in, long limit) {
    super(in);
    this.limit = limit;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    count(b < 0 ? 0 : 1);
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int n = super.read(buffer, offset, length);
    count(Math.max(n, 0));
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = super.skip(n);
    count(skipped);
    return skipped;
  }

  private void count(long n) throws OverLimit {
    read += n;
    if (read > limit) {
      throw new OverLimit(limit);
    }
  }

  /** Thrown through the JSON parser, which passes a stream's own IOExceptions on unchanged. */
  static final class OverLimit extends IOException {
    private static final long serialVersionUID = 1L;

    final long limit;

    OverLimit(long limit) {
      super("more than " + limit + " bytes");
      this.limit = limit;
    }
  }
}
