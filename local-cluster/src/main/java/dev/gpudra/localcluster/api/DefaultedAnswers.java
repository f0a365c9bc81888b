package dev.gpudra.localcluster.api;

import io.fabric8.mockwebserver.http.MockResponse;

/**
 * kube-apiserver answers a write with the object as stored, defaults included; fabric8 answers with
 * what it was given. Per thread (one write at a time): what this server defaulted into the object,
 * put into the answer. An Established condition is the CRD controller's and stays out.
 */
final class DefaultedAnswers {
  private final ThreadLocal<String> defaulted = new ThreadLocal<>();

  /** Called as a write begins. */
  void begin() {
    defaulted.remove();
  }

  /** The object about to be stored, before and after this server's defaults. */
  void stored(String before, String after) {
    if (after != null && !after.equals(before)) {
      defaulted.set(after);
    }
  }

  /** The answer, with the defaulted object as its body when the write succeeded. */
  MockResponse answer(MockResponse response) {
    String state = defaulted.get();
    defaulted.remove();
    if (state != null && response.code() / 100 == 2) {
      response.setBody(state);
    }
    return response;
  }
}
