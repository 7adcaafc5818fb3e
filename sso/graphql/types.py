import strawberry


@strawberry.type(description="Where an e-mail address signs in with its company's identity provider (issue 40).")
class SsoSignIn:
    required: bool = strawberry.field(
        description="Passwords are refused for this address's company: it signs in through the provider only."
    )
    start_url: str = strawberry.field(
        description="The page (a path of this site) that sends the browser to the identity provider; on return the "
        "storefront session is signed in and the overlay takes it over as after a password sign-in."
    )
    provider_name: str = strawberry.field(description="The provider's name, for “Sign in with <name>”.")
