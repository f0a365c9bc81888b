package dev.gpudra.imagepush;

import com.google.cloud.tools.jib.api.Credential;
import com.google.cloud.tools.jib.api.CredentialRetriever;
import com.google.cloud.tools.jib.api.ImageReference;
import com.google.cloud.tools.jib.api.LogEvent;
import com.google.cloud.tools.jib.frontend.CredentialRetrieverFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where a push's credentials come from, first match wins: {@value #USERNAME} and {@value #PASSWORD}
 * when set; then Docker's configuration ({@code $DOCKER_CONFIG/config.json}, else {@code
 * ~/.docker/config.json}, with its {@code auths}, {@code credHelpers} and {@code credsStore}); then
 * the well-known credential helpers on PATH. None: anonymous.
 *
 * @param env the environment
 */
record RegistryCredentials(Map<String, String> env) {
  static final String USERNAME = "GPU_DRA_REGISTRY_USERNAME";
  static final String PASSWORD = "GPU_DRA_REGISTRY_PASSWORD";

  RegistryCredentials {
    env = Map.copyOf(env);
  }

  /**
   * @throws ImageException when only one of the two variables is set
   */
  List<CredentialRetriever> retrievers(ImageReference image, Consumer<LogEvent> log)
      throws ImageException {
    CredentialRetrieverFactory factory = CredentialRetrieverFactory.forImage(image, log, env);
    List<CredentialRetriever> retrievers = new ArrayList<>();
    String user = blankToNull(env.get(USERNAME));
    String password = blankToNull(env.get(PASSWORD));
    if ((user == null) != (password == null)) {
      throw new ImageException(
          (user == null ? USERNAME : PASSWORD)
              + " is not set while "
              + (user == null ? PASSWORD : USERNAME)
              + " is: set both, or neither to use Docker's configuration");
    }
    if (user != null) {
      retrievers.add(factory.known(Credential.from(user, password), USERNAME));
    }
    String dockerConfig = blankToNull(env.get("DOCKER_CONFIG"));
    retrievers.add(
        dockerConfig == null
            ? factory.dockerConfig()
            : factory.dockerConfig(java.nio.file.Path.of(dockerConfig, "config.json")));
    retrievers.add(factory.wellKnownCredentialHelpers());
    return retrievers;
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
