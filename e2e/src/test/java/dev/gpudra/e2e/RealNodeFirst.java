package dev.gpudra.e2e;

import java.util.Arrays;
import java.util.Comparator;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Orders the suites for parallel runs: those holding {@link RealNodeFixture#HOST} first, then the
 * rest, each group by name. The real-node suites run one at a time and take the longest together,
 * so the run is shortest when that chain starts at once and the others fill the second thread.
 */
public final class RealNodeFirst implements ClassOrderer {
  @Override
  public void orderClasses(ClassOrdererContext context) {
    context
        .getClassDescriptors()
        .sort(
            Comparator.comparing((ClassDescriptor c) -> !holdsHost(c.getTestClass()))
                .thenComparing(c -> c.getTestClass().getName()));
  }

  static boolean holdsHost(Class<?> suite) {
    return Arrays.stream(suite.getAnnotationsByType(ResourceLock.class))
        .anyMatch(lock -> RealNodeFixture.HOST.equals(lock.value()));
  }
}
