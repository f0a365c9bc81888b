package dev.gpudra.cli;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * A log line's time in the encoding the context property {@value #PROPERTY} names: gpu-dra's own
 * (ISO 8601 with milliseconds and the offset) by default, or one of zap's ({@code
 * --zap-time-encoding}, NVIDIA's operator flag): {@code epoch} (seconds, with a fraction), {@code
 * millis}, {@code nano}, {@code iso8601}, {@code rfc3339}, {@code rfc3339nano}.
 */
public final class TimeEncodingConverter extends ClassicConverter {
  /** The logger context property that holds the encoding. */
  static final String PROPERTY = "gpu-dra.timeEncoding";

  private static final ZoneId ZONE = ZoneId.systemDefault();
  private static final DateTimeFormatter DEFAULT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", Locale.ROOT).withZone(ZONE);
  private static final DateTimeFormatter ISO8601 =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ", Locale.ROOT).withZone(ZONE);
  private static final DateTimeFormatter RFC3339 =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX", Locale.ROOT).withZone(ZONE);
  private static final DateTimeFormatter RFC3339_NANO =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.nnnnnnnnnXXX", Locale.ROOT).withZone(ZONE);

  @Override
  public String convert(ILoggingEvent event) {
    Instant time = event.getInstant();
    String encoding = getContext() == null ? null : getContext().getProperty(PROPERTY);
    return format(time, encoding == null ? "" : encoding);
  }

  static String format(Instant time, String encoding) {
    return switch (encoding) {
      case "epoch" -> String.format(Locale.ROOT, "%d.%09d", time.getEpochSecond(), time.getNano());
      case "millis" -> Long.toString(time.toEpochMilli());
      case "nano" -> Long.toString(time.getEpochSecond() * 1_000_000_000L + time.getNano());
      case "iso8601" -> ISO8601.format(time);
      case "rfc3339" -> RFC3339.format(time);
      case "rfc3339nano" -> RFC3339_NANO.format(time);
      default -> DEFAULT.format(time);
    };
  }
}
