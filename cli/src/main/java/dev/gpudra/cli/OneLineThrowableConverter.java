package dev.gpudra.cli;

import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.CoreConstants;

/**
 * A log line's exception on the same line, as {@code " [Type: message <- Cause: message]"}: one
 * line per background error (a watch that cannot reach the API server printed 40 lines); the whole
 * stack trace once {@link LogSetup} has set verbosity 7 or more.
 */
public final class OneLineThrowableConverter extends ThrowableProxyConverter {
  @Override
  protected String throwableProxyToString(IThrowableProxy proxy) {
    if (Boolean.parseBoolean(getContext().getProperty(LogSetup.FULL_STACKS))) {
      return CoreConstants.LINE_SEPARATOR + super.throwableProxyToString(proxy);
    }
    StringBuilder line = new StringBuilder(" [");
    for (IThrowableProxy t = proxy; t != null; t = t.getCause()) {
      if (t != proxy) {
        line.append(" <- ");
      }
      String type = t.getClassName().substring(t.getClassName().lastIndexOf('.') + 1);
      line.append(type);
      if (t.getMessage() != null) {
        line.append(": ").append(t.getMessage().replace('\n', ' '));
      }
    }
    return line.append(']').toString();
  }
}
